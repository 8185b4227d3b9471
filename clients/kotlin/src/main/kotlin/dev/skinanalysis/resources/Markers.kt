package dev.skinanalysis.resources

import dev.skinanalysis.internal.ApiRequest
import dev.skinanalysis.internal.HttpTransport
import dev.skinanalysis.models.MarkerCatalogue

/** `/v1/markers`: the marker catalogue (any key). */
public class Markers internal constructor(private val transport: HttpTransport) {
    /** `GET /v1/markers`: what each marker measures, where, and its severity bands. */
    public suspend fun list(): MarkerCatalogue =
        transport.execute(ApiRequest("GET", listOf("v1", "markers")), MarkerCatalogue.serializer())
}
