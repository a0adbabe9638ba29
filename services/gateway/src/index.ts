export { GatewayModule } from './gateway.module';
export { configureGateway, fastifyAdapter, API_PREFIX } from './http/bootstrap';
