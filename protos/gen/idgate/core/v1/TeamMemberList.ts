// Original file: protos/core.proto

import type { TeamMemberMessage as _idgate_core_v1_TeamMemberMessage, TeamMemberMessage__Output as _idgate_core_v1_TeamMemberMessage__Output } from '../../../idgate/core/v1/TeamMemberMessage.ts';

export interface TeamMemberList {
  'members'?: (_idgate_core_v1_TeamMemberMessage)[];
}

export interface TeamMemberList__Output {
  'members'?: (_idgate_core_v1_TeamMemberMessage__Output)[];
}
