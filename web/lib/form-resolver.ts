import { zodResolver } from '@hookform/resolvers/zod';

/** react-hook-form's resolver for the contract's zod schemas: every form uses this one (in the browser zod runs without eval: contract/zod.ts). */
export const formResolver = zodResolver;
