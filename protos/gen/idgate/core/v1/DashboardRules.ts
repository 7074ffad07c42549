// Original file: protos/core.proto

import type { ProjectRulesMessage as _idgate_core_v1_ProjectRulesMessage, ProjectRulesMessage__Output as _idgate_core_v1_ProjectRulesMessage__Output } from '../../../idgate/core/v1/ProjectRulesMessage.ts';
import type { DashboardRulesProject as _idgate_core_v1_DashboardRulesProject, DashboardRulesProject__Output as _idgate_core_v1_DashboardRulesProject__Output } from '../../../idgate/core/v1/DashboardRulesProject.ts';
import type { DashboardRulesCategory as _idgate_core_v1_DashboardRulesCategory, DashboardRulesCategory__Output as _idgate_core_v1_DashboardRulesCategory__Output } from '../../../idgate/core/v1/DashboardRulesCategory.ts';

export interface DashboardRules {
  'projectId'?: (string);
  'rules'?: (_idgate_core_v1_ProjectRulesMessage | null);
  'projects'?: (_idgate_core_v1_DashboardRulesProject)[];
  'categories'?: (_idgate_core_v1_DashboardRulesCategory)[];
  'proofMethods'?: (string)[];
  'maxTokenAgeDays'?: (number);
}

export interface DashboardRules__Output {
  'projectId'?: (string);
  'rules'?: (_idgate_core_v1_ProjectRulesMessage__Output);
  'projects'?: (_idgate_core_v1_DashboardRulesProject__Output)[];
  'categories'?: (_idgate_core_v1_DashboardRulesCategory__Output)[];
  'proofMethods'?: (string)[];
  'maxTokenAgeDays'?: (number);
}
