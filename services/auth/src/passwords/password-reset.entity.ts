import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A single-use reset link: only the SHA-256 of its token is stored. */
@Entity('password_resets')
export class PasswordReset {
  @PrimaryColumn({ name: 'token_hash', type: 'text' }) tokenHash!: string;
  @Column({ name: 'user_id', type: 'int' }) userId!: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt!: Date | null;
}
