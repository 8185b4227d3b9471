package dev.skinanalysis

import java.io.File
import java.io.InputStream

/**
 * The photo of a scan: JPEG, PNG or WebP, at most 5 MB. The bytes are held in memory so a retried upload sends
 * exactly the same request (the idempotency key only replays a request with the same image bytes).
 */
public class ScanImage private constructor(
    internal val bytes: ByteArray,
    public val filename: String,
    public val contentType: String,
) {
    public companion object {
        /** Reads [file] whole; its name is sent as the upload's filename. */
        @JvmStatic
        public fun fromFile(file: File): ScanImage = fromBytes(file.readBytes(), file.name)

        /** [contentType] defaults to the type the bytes start with (JPEG, PNG or WebP). */
        @JvmStatic
        @JvmOverloads
        public fun fromBytes(bytes: ByteArray, filename: String = "photo", contentType: String? = null): ScanImage =
            ScanImage(bytes, filename, contentType ?: sniff(bytes))

        /** Reads [stream] to its end (it is not closed): a camera stream, a content resolver's stream… */
        @JvmStatic
        @JvmOverloads
        public fun fromStream(stream: InputStream, filename: String = "photo", contentType: String? = null): ScanImage =
            fromBytes(stream.readBytes(), filename, contentType)

        private fun sniff(bytes: ByteArray): String {
            fun startsWith(vararg prefix: Int, at: Int = 0) =
                bytes.size >= at + prefix.size && prefix.indices.all { bytes[at + it].toInt() and 0xff == prefix[it] }
            return when {
                startsWith(0xff, 0xd8, 0xff) -> "image/jpeg"
                startsWith(0x89, 0x50, 0x4e, 0x47) -> "image/png"
                startsWith(0x52, 0x49, 0x46, 0x46) && startsWith(0x57, 0x45, 0x42, 0x50, at = 8) -> "image/webp"
                else -> "application/octet-stream"
            }
        }
    }
}
