import { visibleText } from './text.js';
import { z } from './zod.js';

/**
 * The validation messages (docs/behaviour.md#validation), shown exactly as written by the screens
 * and returned by the server.
 */
export const AuthMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  passwordRequired: 'Password is required',
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 4 characters',
  passwordWeak:
    'Password must be at least 8 characters long, with at least: 1 lower case letter, 1 upper case letter, 1 number, 1 symbol',
  roleRequired: 'At least one role is required',
  waiverRequired: 'You have to agree to the festival Liability Waivers',
  waiverSummary: 'You have to agree to the terms',
  passwordsDontMatch: "Passwords don't match",
} as const;

export const NAME_MIN_LENGTH = 4;
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing cannot be used to tie up the server. */
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;

export const SELF_SELECTABLE_ROLES = ['host', 'performer'] as const;
export type SelfSelectableRole = (typeof SELF_SELECTABLE_ROLES)[number];

// A missing or non-string value reads as empty, so "required" is the message a person sees.
const text = (required: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string().trim().min(1, required));

export const EmailSchema = text(AuthMessages.emailRequired)
  .pipe(z.string().max(EMAIL_MAX_LENGTH, AuthMessages.emailInvalid).email(AuthMessages.emailInvalid))
  // Addresses are compared case-insensitively: one account per mailbox.
  .transform((email) => email.toLowerCase());

/**
 * The stricter reading of the password rule (docs/behaviour.md#validation): length, lower, upper,
 * number and symbol are all required.
 */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

const anyString = z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string());

export const StrongPasswordSchema = anyString
  .refine((p) => p.length > 0, AuthMessages.passwordRequired)
  .refine((p) => p.length === 0 || isStrongPassword(p), AuthMessages.passwordWeak);

export const SigninInputSchema = z.object({
  email: EmailSchema,
  password: anyString
    .refine((p) => p.length > 0, AuthMessages.passwordRequired)
    .refine((p) => p.length <= PASSWORD_MAX_LENGTH, AuthMessages.passwordRequired),
});
export type SigninInput = z.infer<typeof SigninInputSchema>;

/**
 * Roles a person may choose. Anything else sent (for example 'admin') is dropped, never
 * granted: admin is given only by the committee.
 */
export const RolesSchema = z
  .preprocess((v): unknown[] => (Array.isArray(v) ? v : []), z.array(z.unknown()))
  .transform((roles) =>
    [...new Set(roles)].filter((r): r is SelfSelectableRole =>
      (SELF_SELECTABLE_ROLES as readonly unknown[]).includes(r),
    ),
  )
  .refine((roles) => roles.length > 0, AuthMessages.roleRequired);

export const SignupInputSchema = z.object({
  name: visibleText({
    max: NAME_MAX_LENGTH,
    required: AuthMessages.nameRequired,
    min: NAME_MIN_LENGTH,
    tooShort: AuthMessages.nameTooShort,
    tooLong: `Name must be at most ${NAME_MAX_LENGTH} characters`,
  }),
  email: EmailSchema,
  password: StrongPasswordSchema,
  roles: RolesSchema,
});
export type SignupInput = z.infer<typeof SignupInputSchema>;

export const SessionUserSchema = z.object({
  jwt_token: z.string(),
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_host: z.boolean(),
  is_performer: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const ForgotPassInputSchema = z.object({ email: EmailSchema });
export type ForgotPassInput = z.infer<typeof ForgotPassInputSchema>;

const TokenSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v : ''),
  z.string().min(1, 'The reset link is invalid or has expired').max(200, 'The reset link is invalid or has expired'),
);

export const ValidatePassTokenInputSchema = z.object({ email: EmailSchema, token: TokenSchema });
export type ValidatePassTokenInput = z.infer<typeof ValidatePassTokenInputSchema>;

/**
 * The API sends only email and password; we also require the token (see
 * docs/decisions/0003-reset-requires-token.md), or anyone could reset anyone's password.
 */
export const UpdatePassInputSchema = z.object({
  email: EmailSchema,
  password: StrongPasswordSchema,
  token: TokenSchema,
});
export type UpdatePassInput = z.infer<typeof UpdatePassInputSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const AuthServerMessages = {
  badCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  tooManyAttempts: 'Too many failed sign-in attempts. Please try again later.',
  tokenInvalid: 'The reset link is invalid or has expired',
  forgotSent: 'If your account exists, you will receive an email with instructions on how to reset your password.',
  passwordUpdated: 'Your password has been reset successfully.',
  passwordCommon: 'This password is one of the most commonly used, so it is easy to guess. Please choose another.',
  loggedOut: 'You have been logged out.',
  unauthenticated: 'You need to be logged in to do this.',
  forbidden: 'You are not allowed to perform this action.',
} as const;
