package dev.skinanalysis.internal

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.json.Json

/**
 * The JSON settings of every call: members a later API version adds are ignored (additive changes never break
 * an app), and optional request members left `null` are omitted rather than sent as `null`.
 */
@OptIn(ExperimentalSerializationApi::class)
internal val SkinJson: Json = Json {
    ignoreUnknownKeys = true
    explicitNulls = false
    encodeDefaults = false
}
