// Original file: protos/inference.proto


export interface MatchFacesResponse {
  'match'?: (boolean);
  'similarity'?: (number | string);
  'threshold'?: (number | string);
  'model'?: (string);
  'timingsMs'?: ({[key: string]: number | string});
}

export interface MatchFacesResponse__Output {
  'match'?: (boolean);
  'similarity'?: (number);
  'threshold'?: (number);
  'model'?: (string);
  'timingsMs'?: ({[key: string]: number});
}
