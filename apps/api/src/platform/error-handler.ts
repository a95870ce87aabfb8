import { AppErrorLike } from '@app/shared/app-error-like';
import { ERROR_STATUS, type ErrorBody } from '@app/shared/errors';
import { parseMessage } from '@app/shared/zod';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';
import { requestLanguage, translate } from './i18n.ts';

interface FieldIssue {
  path: string;
  message: string;
}

function toFieldErrors(issues: FieldIssue[], language: ReturnType<typeof requestLanguage>): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const { key, params } = parseMessage(issue.message);
    const field = issue.path || '_';
    fieldErrors[field] ??= [];
    fieldErrors[field].push(translate(language, key, params));
  }
  return fieldErrors;
}

function validationBody(fieldErrors: Record<string, string[]>): ErrorBody {
  const errors = Object.values(fieldErrors).flat();
  return { message: errors.join(', '), code: 'VALIDATION_FAILED', errors, fieldErrors };
}

/** Fastify's own error codes that mean "the client sent something wrong". */
const FASTIFY_CLIENT_ERRORS: Record<string, AppError['code']> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

/** Turns every error into the JSON answer of DESIGN.md §3; 5xx details stay in the log. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const language = requestLanguage(request);

  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: issue.message ?? 'validation.invalidType',
    }));
    return reply.status(400).send(validationBody(toFieldErrors(issues, language)));
  }

  // AppErrorLike: what a shared rule throws (e.g. currencyForCountry), answered like an AppError.
  if (error instanceof AppErrorLike) {
    if (error instanceof AppError && error.code === 'VALIDATION_FAILED' && error.fieldErrors) {
      const issues = Object.entries(error.fieldErrors).flatMap(([path, keys]) =>
        keys.map((key) => ({ path, message: key })),
      );
      return reply.status(400).send(validationBody(toFieldErrors(issues, language)));
    }
    const body: ErrorBody = { message: translate(language, `errors.${error.code}`, error.params), code: error.code };
    return reply.status(ERROR_STATUS[error.code]).send(body);
  }

  const fastifyError = error as Partial<FastifyError>;
  const mapped = fastifyError.code ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
  if (mapped) {
    const appError = new AppError(mapped);
    return reply.status(appError.status).send({ message: translate(language, `errors.${mapped}`), code: mapped });
  }
  if (fastifyError.statusCode === 429) {
    return reply.status(429).send({
      message: translate(language, 'errors.TOO_MANY_REQUESTS', { after: (error as Error).message }),
      code: 'TOO_MANY_REQUESTS',
    });
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return reply
      .status(fastifyError.statusCode)
      .send({ message: translate(language, 'errors.BAD_REQUEST'), code: 'BAD_REQUEST' });
  }

  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ message: translate(language, 'errors.INTERNAL'), code: 'INTERNAL' });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
}
