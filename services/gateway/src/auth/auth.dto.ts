import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class LoginBody {
  @ApiProperty({ description: 'Login or e-mail address', example: 'alice' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  login!: string;

  @ApiProperty({ example: 'Portal2026' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  password!: string;
}

export class EmailBody {
  @ApiProperty({ example: 'alice.martin@demo-a.example' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  email!: string;

  @ApiPropertyOptional({ description: 'Language of the mail (fr_FR, en_US, ...)' })
  @IsOptional()
  @IsString()
  locale?: string;
}

export class NewPasswordBody {
  @ApiProperty() @IsDefined() @IsString() @MaxLength(200) password!: string;
  @ApiProperty() @IsDefined() @IsString() @MaxLength(200) confirmation!: string;
}

export class ResetPasswordBody extends NewPasswordBody {
  @ApiProperty({ description: 'Token of the reset link' }) @IsDefined() @IsString() @IsNotEmpty() @MaxLength(200) token!: string;
}

export class ChangePasswordBody extends NewPasswordBody {
  @ApiProperty() @IsDefined() @IsString() @MaxLength(200) oldPassword!: string;
}
