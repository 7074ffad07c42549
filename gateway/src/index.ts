export { buildApp, type GatewayDeps, type GatewaySettings } from './app.ts';
export { startGateway, type GatewayHandle } from './start.ts';
export { hasBestOrtWasmBrotli } from './widget/build/ort-wasm-brotli.ts';
