// Original file: protos/core.proto


export interface Empty {
}

export interface Empty__Output {
}
