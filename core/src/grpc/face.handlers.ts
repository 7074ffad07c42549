import { coreProto, type CallContext, type core, type unaryHandler } from '@idgate/protos';
import type { ServiceDefinition, UntypedServiceImplementation } from '@grpc/grpc-js';
import type { BlacklistService } from '../faces/blacklist.service.ts';
import type { FaceTwoFactorService } from '../faces/face-2fa.service.ts';

type H = <Req, Res>(fn: (req: Req, ctx: CallContext) => Promise<Res>) => ReturnType<typeof unaryHandler<Req, Res>>;

/** gRPC handlers of Face 2FA and the blacklist (decode → service → encode). */
export function buildFaceHandlers(
  f: { twoFactor: FaceTwoFactorService; blacklist: BlacklistService },
  h: H,
): readonly [ServiceDefinition, UntypedServiceImplementation] {
  const impl: core.FaceServiceHandlers = {
    RegisterFace: h((req: core.FaceChallengeRequest, ctx) => f.twoFactor.register(req, ctx)),
    VerifyFace: h((req: core.FaceChallengeRequest, ctx) => f.twoFactor.verify(req, ctx)),
    GetFaceChallenge: h((req: core.FaceChallengeIdRequest, ctx) => f.twoFactor.status(req.id ?? '', ctx)),
    DeleteFaceUser: h((req: core.FaceUserRequest, ctx) => f.twoFactor.deleteUser(req.userId ?? '', ctx)),
    BlacklistSession: h((req: core.BlacklistSessionRequest, ctx) => f.blacklist.addFromSession(req, ctx)),
    BlacklistImage: h((req: core.BlacklistImageRequest, ctx) => f.blacklist.addFromImage(req, ctx)),
    ListBlacklist: h((req: core.BlacklistListRequest, ctx) => f.blacklist.list(req, ctx)),
    GetBlacklistEntry: h((req: core.BlacklistIdRequest, ctx) => f.blacklist.get(req.id ?? '', ctx)),
    DeleteBlacklistEntry: h((req: core.BlacklistIdRequest, ctx) => f.blacklist.remove(req.id ?? '', ctx)),
  };
  return [coreProto().FaceService.service, impl] as const;
}
