import { ApiError } from '../../../../api/client.ts';

/** The field messages of a failed judging request, or none. */
export const fieldsOf = (e: unknown): Record<string, string[]> => (e instanceof ApiError ? e.fields : {});
