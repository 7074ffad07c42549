// Original file: protos/core.proto


export interface WidgetRequest {
}

export interface WidgetRequest__Output {
}
