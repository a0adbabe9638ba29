import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Type } from 'class-transformer';

export class CountriesQuery {
  @ApiPropertyOptional({ example: '1', description: '1: only ref and label' }) @IsOptional() @IsString() minify?: string;
}

export class StatesQuery {
  @ApiPropertyOptional({ example: '1', description: '1: only code and label' }) @IsOptional() @IsString() minify?: string;
  @ApiPropertyOptional({ example: 'FR', description: 'ISO 3166-1 alpha-2 country code' })
  @IsOptional()
  @Matches(/^[A-Za-z]{2}$/)
  country?: string;
}

export class OfDepositorQuery {
  @ApiPropertyOptional({ example: 1, description: 'Only this depositor (404 objectNotFound outside the caller’s scope)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  depositorId?: number;
}

export class EmailTemplatesQuery {
  @ApiPropertyOptional({ example: 'en_US', description: 'Another language than the caller’s' })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  locale?: string;
}

export class MailOutboxQuery {
  @ApiPropertyOptional({ example: 50, maximum: 200 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) limit?: number;
  @ApiPropertyOptional({ example: 0 }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) offset?: number;
}

/** Spec §5: recipient, subject and body are mandatory. */
export class SendEmailBody {
  @ApiProperty({ example: 'client@example.com' }) @IsNotEmpty() @IsEmail() @MaxLength(320) recipient!: string;
  @ApiProperty({ example: 'Votre commande CMD-1042' }) @IsNotEmpty() @IsString() @MaxLength(255) subject!: string;
  @ApiProperty({ example: 'Bonjour,\n…' }) @IsNotEmpty() @IsString() @MaxLength(20000) body!: string;
}

export class ProblemReportBody {
  @ApiProperty({ example: 'Étiquettes ZPL vides' }) @IsNotEmpty() @IsString() @MaxLength(255) subject!: string;
  @ApiProperty({ example: 'Depuis ce matin les étiquettes sortent vides sur la Zebra du quai 3.' })
  @IsNotEmpty()
  @IsString()
  @MaxLength(10000)
  message!: string;
}
