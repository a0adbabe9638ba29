import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MachineClient, Public, Roles, routeAccess } from './roles';

class Base {
  list(): void {}
}
@Roles('STOCK_USER')
class StockRoutes extends Base {}
@Roles('PGT_USER')
class TrackingRoutes extends Base {}
class Open {
  @Public()
  health(): void {}
  @MachineClient('warehouse')
  feed(): void {}
  @Roles('CLAIM_USER', 'ADMIN')
  claims(): void {}
}

const contextOf = (cls: object, handler: () => void) => ({ getClass: () => cls, getHandler: () => handler }) as unknown as ExecutionContext;

describe('routeAccess (read once per route)', () => {
  const reflector = new Reflector();

  it('reads each route’s decorators, handler before class', () => {
    expect(routeAccess(reflector, contextOf(Open, Open.prototype.health))).toEqual({ isPublic: true, machineKinds: undefined, roles: [] });
    expect(routeAccess(reflector, contextOf(Open, Open.prototype.feed))).toEqual({
      isPublic: false,
      machineKinds: ['warehouse'],
      roles: [],
    });
    expect(routeAccess(reflector, contextOf(Open, Open.prototype.claims)).roles).toEqual(['CLAIM_USER', 'ADMIN']);
  });

  it('keeps an inherited handler apart per class, and answers the same object the next time', () => {
    const stock = routeAccess(reflector, contextOf(StockRoutes, Base.prototype.list));
    const tracking = routeAccess(reflector, contextOf(TrackingRoutes, Base.prototype.list));
    expect(stock.roles).toEqual(['STOCK_USER']);
    expect(tracking.roles).toEqual(['PGT_USER']);
    expect(routeAccess(reflector, contextOf(StockRoutes, Base.prototype.list))).toBe(stock);
  });
});
