package dev.skinanalysis.errors

import dev.skinanalysis.models.ErrorCode
import dev.skinanalysis.models.Problem
import kotlin.time.Duration

/**
 * Everything this library throws. Unchecked, so Java callers are not forced to catch; Kotlin callers can `when`
 * over the sealed families:
 *
 * - [ApiException]: the service answered with an error (status, code, request id, problem body);
 * - [ConnectionException] and [TimeoutException]: no answer (after the retries);
 * - [WebhookVerificationException]: a webhook delivery failed verification.
 */
public sealed class SkinAnalysisException(message: String, cause: Throwable? = null) : RuntimeException(message, cause)

/**
 * An error answer from the API, grouped by problem family. [code] is the problem's `code` (`invalid_api_key`,
 * `no_face`…; `null` when the body was not problem+json, e.g. from a proxy), [status] the HTTP status,
 * [requestId] the `Request-Id` to quote to support, [problem] the parsed body and [body] the raw one.
 */
public sealed class ApiException(
    public val status: Int,
    public val code: ErrorCode?,
    public val requestId: String?,
    public val problem: Problem?,
    public val body: String,
) : SkinAnalysisException(describe(status, code, problem, requestId)) {
    /** The problem's `detail`, when there is one. */
    public val detail: String? get() = problem?.detail

    private companion object {
        fun describe(status: Int, code: ErrorCode?, problem: Problem?, requestId: String?): String = buildString {
            append(status)
            if (code != null) append(' ').append(code.value)
            problem?.detail?.let { append(": ").append(it) }
            if (requestId != null) append(" (request ").append(requestId).append(')')
        }
    }
}

/** 401: no key, a malformed header, or a key that is unknown, revoked or expired. */
public class AuthenticationException(status: Int, code: ErrorCode?, requestId: String?, problem: Problem?, body: String) :
    ApiException(status, code, requestId, problem, body)

/** 403: the key lacks the operation's scope (named in [detail]). */
public class PermissionException(status: Int, code: ErrorCode?, requestId: String?, problem: Problem?, body: String) :
    ApiException(status, code, requestId, problem, body)

/** 404: no such scan, routine or user score in this account and environment; 410: an upload id past its expiry. */
public class NotFoundException(status: Int, code: ErrorCode?, requestId: String?, problem: Problem?, body: String) :
    ApiException(status, code, requestId, problem, body)

/**
 * 400, 405, 413, 415 and other refusals of the request itself: a parameter is missing or malformed
 * ([Problem.errors] names it), an unknown marker, a cursor that is not one this API issued, an image over 5 MB or
 * of an unsupported type.
 */
public class InvalidRequestException(status: Int, code: ErrorCode?, requestId: String?, problem: Problem?, body: String) :
    ApiException(status, code, requestId, problem, body) {
    /** Each refused parameter with its message. */
    public val errors: List<Problem.ParamError> get() = problem?.errors.orEmpty()
}

/**
 * 422: the photo was received but cannot be analysed. [qualityCode] says why (`no_face`, `multiple_faces`,
 * `blurry`, `image_unreadable`…, equal to [code]); [scanId] is the failed scan when one was stored.
 */
public class UnprocessablePhotoException(status: Int, code: ErrorCode?, requestId: String?, problem: Problem?, body: String) :
    ApiException(status, code, requestId, problem, body) {
    public val qualityCode: String? get() = code?.value
    public val scanId: String? get() = problem?.scanId
}

/** 429: over the account's requests per minute. [retryAfter] is the server's `Retry-After`. */
public class RateLimitException(
    status: Int,
    code: ErrorCode?,
    requestId: String?,
    problem: Problem?,
    body: String,
    public val retryAfter: Duration?,
) : ApiException(status, code, requestId, problem, body)

/**
 * 409 (or a refusal with code `idempotency_conflict`, `scan_not_completed`, `upload_already_used` or
 * `upload_incomplete` at any status): an idempotency key reused with a different request or still running, a
 * routine asked for a scan that is not completed, an upload used twice or before its photo arrived.
 */
public class ConflictException(status: Int, code: ErrorCode?, requestId: String?, problem: Problem?, body: String) :
    ApiException(status, code, requestId, problem, body)

/** 5xx: the service failed (after the retries). */
public class ServerException(status: Int, code: ErrorCode?, requestId: String?, problem: Problem?, body: String) :
    ApiException(status, code, requestId, problem, body)

/** The service could not be reached or the connection broke (after the retries). */
public class ConnectionException(message: String, cause: Throwable?) : SkinAnalysisException(message, cause)

/** No answer within the configured timeout (after the retries). */
public class TimeoutException(message: String, cause: Throwable?) : SkinAnalysisException(message, cause)

/**
 * A webhook delivery that must not be trusted. [reason] is one of the shared vectors' verdicts:
 * `missing_header`, `invalid_timestamp`, `timestamp_too_old`, `timestamp_too_new`, `no_matching_signature`.
 */
public class WebhookVerificationException(public val reason: String, message: String) : SkinAnalysisException(message)
