import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A server-side session: a token is valid only while its session is neither revoked nor expired. */
@Entity('sessions')
export class Session {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ name: 'user_id', type: 'int' }) userId!: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt!: Date | null;
  @Column({ type: 'text', nullable: true }) ip!: string | null;
  @Column({ name: 'user_agent', type: 'text', nullable: true }) userAgent!: string | null;
}
