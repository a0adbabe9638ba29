import { DynamicModule, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { Db, DbOptions } from './db';

export const DB_OPTIONS = Symbol('DB_OPTIONS');

@Injectable()
class DbCloser implements OnApplicationShutdown {
  constructor(@Inject(Db) private readonly db: Db) {}
  async onApplicationShutdown(): Promise<void> {
    await this.db.close();
  }
}

/**
 * One database per service: each service module imports `DatabaseModule.forService(...)` and gets
 * its own `Db` (in the all-in-one process too, where several services share one Nest app).
 */
@Module({})
export class DatabaseModule {
  static forService(options: DbOptions): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: DB_OPTIONS, useValue: options },
        { provide: Db, useFactory: (o: DbOptions) => Db.open(o), inject: [DB_OPTIONS] },
        DbCloser,
      ],
      exports: [Db],
    };
  }
}
