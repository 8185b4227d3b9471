package dev.skinanalysis.internal

import java.util.Properties

/** This library's version, written into a resource by the build (Maven resource filtering). */
internal object LibraryVersion {
    val value: String by lazy {
        runCatching {
            LibraryVersion::class.java.getResourceAsStream("/skin-analysis-client.properties")?.use { stream ->
                Properties().apply { load(stream) }.getProperty("version")
            }
        }.getOrNull() ?: "unknown"
    }

    /** `skin-analysis-kotlin/0.1.0 (Java 17; okhttp/4.12.0)`, or `(Android 34; …)` on a phone. */
    val userAgent: String by lazy {
        val androidRelease = System.getProperty("java.vm.vendor").orEmpty().contains("Android", ignoreCase = true)
        val runtime = if (androidRelease) "Android" else "Java ${System.getProperty("java.version")}"
        "skin-analysis-kotlin/$value ($runtime; okhttp/${okhttp3.OkHttp.VERSION})"
    }
}
