package dev.skinanalysis.errors

import dev.skinanalysis.models.ErrorCode
import dev.skinanalysis.models.Problem
import kotlin.time.Duration

/**
 * The one place an error answer becomes an exception. The problem `code` decides first where it names a family
 * unambiguously (so a code that moves to another status, such as an idempotency mismatch answered 422 instead of
 * 409, keeps its family); otherwise the status does. A 422 with a code this version does not know (a new quality
 * check) is still an unprocessable photo.
 */
internal object ErrorMapping {
    private val conflictCodes = setOf(
        ErrorCode.IDEMPOTENCY_CONFLICT, ErrorCode.SCAN_NOT_COMPLETED, ErrorCode.UPLOAD_ALREADY_USED, ErrorCode.UPLOAD_INCOMPLETE,
    )
    private val requestCodes = setOf(
        ErrorCode.INVALID_REQUEST, ErrorCode.UNKNOWN_MARKER, ErrorCode.INVALID_CURSOR, ErrorCode.PAYLOAD_TOO_LARGE,
        ErrorCode.UNSUPPORTED_MEDIA_TYPE, ErrorCode.METHOD_NOT_ALLOWED,
    )

    fun toException(status: Int, problem: Problem?, body: String, requestId: String?, retryAfter: Duration?): ApiException {
        val code = problem?.code
        val id = problem?.requestId ?: requestId
        return when {
            code == ErrorCode.RATE_LIMITED || status == 429 -> RateLimitException(status, code, id, problem, body, retryAfter)
            code == ErrorCode.UNAUTHENTICATED || code == ErrorCode.INVALID_API_KEY || status == 401 ->
                AuthenticationException(status, code, id, problem, body)
            code == ErrorCode.INSUFFICIENT_SCOPE || status == 403 -> PermissionException(status, code, id, problem, body)
            code in conflictCodes || code?.value?.startsWith("idempotency") == true || status == 409 ->
                ConflictException(status, code, id, problem, body)
            status >= 500 -> ServerException(status, code, id, problem, body)
            // 410 (an upload id past its expiry) is "no longer there": the not-found family.
            code == ErrorCode.NOT_FOUND || code == ErrorCode.UPLOAD_EXPIRED || status == 404 || status == 410 ->
                NotFoundException(status, code, id, problem, body)
            code in requestCodes -> InvalidRequestException(status, code, id, problem, body)
            status == 422 -> UnprocessablePhotoException(status, code, id, problem, body)
            else -> InvalidRequestException(status, code, id, problem, body)
        }
    }
}
