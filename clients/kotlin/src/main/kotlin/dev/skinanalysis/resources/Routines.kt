package dev.skinanalysis.resources

import dev.skinanalysis.internal.ApiRequest
import dev.skinanalysis.internal.HttpTransport
import dev.skinanalysis.internal.jsonPost
import dev.skinanalysis.models.Routine
import dev.skinanalysis.models.RoutineRequest

/** `/v1/routines`: skincare routines from a scan or from marker results. */
public class Routines internal constructor(private val transport: HttpTransport) {
    /**
     * `POST /v1/routines` (201). [idempotencyKey] is sent on every attempt (a fresh UUID when null). A scan that
     * is not completed throws [dev.skinanalysis.errors.ConflictException] (`scan_not_completed`).
     */
    public suspend fun create(request: RoutineRequest, idempotencyKey: String? = null): Routine =
        transport.execute(
            jsonPost(
                listOf("v1", "routines"),
                RoutineRequest.serializer(),
                request,
                idempotencyKey = idempotencyKey ?: HttpTransport.newIdempotencyKey(),
            ),
            Routine.serializer(),
        )

    /** `GET /v1/routines/{routine_id}`. */
    public suspend fun get(routineId: String): Routine =
        transport.execute(ApiRequest("GET", listOf("v1", "routines", routineId)), Routine.serializer())
}
