// Original file: protos/core.proto


export interface DashboardUsageRequest {
  'month'?: (string);
  '_month'?: "month";
}

export interface DashboardUsageRequest__Output {
  'month'?: (string);
  '_month'?: "month";
}
