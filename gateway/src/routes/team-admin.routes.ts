import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callUnary, type DecisionClients } from '@idgate/protos';
import type { Mailer } from '@idgate/oauth';
import { invitationMail, invitationUrl } from '../dashboard/invitation-mail.ts';
import { adminAuth } from '../plugins/admin-auth.ts';
import { obj, str, type SchemaTypeProvider } from '../schemas/json-schema.ts';

const pathId = (req: FastifyRequest): string => (req.params as { id: string }).id;

/**
 * The operator's way into a tenant's dashboard (`npm run admin -- team invite-owner`): an owner invited by
 * email. The invitation is mailed when the service has mail; the answer always carries the link too, so an
 * operator without mail can hand it over (it works once, for 7 days).
 */
export function teamAdminRoutes(
  app: FastifyInstance,
  d: { clients: DecisionClients; adminToken: string; baseUrl: string; mailer: () => Mailer | undefined },
): void {
  app.register(async (instance) => {
    instance.addHook('onRequest', adminAuth(d.adminToken));
    const scope = instance.withTypeProvider<SchemaTypeProvider>();
    scope.post('/admin/v1/tenants/:id/team/owners', { schema: { tags: ['admin'], body: obj({ email: str(254) }, ['email']) } }, async (req, reply) => {
      const invited = await callUnary(d.clients.team, 'inviteFirstOwner', { tenantId: pathId(req), email: req.body.email });
      const url = invitationUrl(d.baseUrl, invited.invitationToken ?? '');
      const mailer = d.mailer();
      if (mailer) await mailer.send(invitationMail({ to: invited.member?.email ?? '', url, invitedBy: 'The idgate operator', role: 'owner' }));
      void reply.code(201);
      return {
        member_id: invited.member?.id,
        email: invited.member?.email,
        role: invited.member?.role,
        status: invited.member?.status,
        invitation_url: url,
        expires_at: invited.expiresAt,
        mailed: Boolean(mailer),
      };
    });
  });
}
