// Original file: protos/core.proto

import type { TeamMemberMessage as _idgate_core_v1_TeamMemberMessage, TeamMemberMessage__Output as _idgate_core_v1_TeamMemberMessage__Output } from '../../../idgate/core/v1/TeamMemberMessage.ts';

export interface TeamInvitation {
  'member'?: (_idgate_core_v1_TeamMemberMessage | null);
  'invitationToken'?: (string);
  'expiresAt'?: (string);
}

export interface TeamInvitation__Output {
  'member'?: (_idgate_core_v1_TeamMemberMessage__Output);
  'invitationToken'?: (string);
  'expiresAt'?: (string);
}
