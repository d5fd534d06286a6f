import { ErrorResponseSchema } from '../../contract/errors.js';

/** The error responses every route may give, for the OpenAPI document. */
export const ErrorResponses = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
} as const;
