// Original file: protos/core.proto


export interface DashboardSessionListRequest {
  'projectId'?: (string);
  'status'?: (string);
  'from'?: (string);
  'to'?: (string);
  'before'?: (string);
  'after'?: (string);
  'limit'?: (number);
  '_projectId'?: "projectId";
  '_status'?: "status";
  '_from'?: "from";
  '_to'?: "to";
  '_before'?: "before";
  '_after'?: "after";
  '_limit'?: "limit";
}

export interface DashboardSessionListRequest__Output {
  'projectId'?: (string);
  'status'?: (string);
  'from'?: (string);
  'to'?: (string);
  'before'?: (string);
  'after'?: (string);
  'limit'?: (number);
  '_projectId'?: "projectId";
  '_status'?: "status";
  '_from'?: "from";
  '_to'?: "to";
  '_before'?: "before";
  '_after'?: "after";
  '_limit'?: "limit";
}
