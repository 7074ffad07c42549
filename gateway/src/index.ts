export { buildApp, type GatewayDeps, type GatewaySettings } from './app.ts';
export { startGateway, type GatewayHandle } from './start.ts';
