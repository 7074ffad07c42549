// Original file: protos/inference.proto


export interface HealthRequest {
}

export interface HealthRequest__Output {
}
