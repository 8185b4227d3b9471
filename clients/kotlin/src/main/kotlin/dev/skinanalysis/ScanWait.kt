package dev.skinanalysis

/**
 * How long `POST /v1/scans` may hold the request for the result (the `Prefer` header). A scan not finished by
 * then is answered `processing` (202); [dev.skinanalysis.resources.Scans.waitFor] polls it to the end.
 */
public sealed class ScanWait {
    /** The server's default (10 s). */
    public object Default : ScanWait()

    /** Answer at once with the scan `processing` (`Prefer: respond-async`). */
    public object Async : ScanWait()

    /** Wait up to [seconds] (0 to 25) (`Prefer: wait=N`). */
    public data class UpTo(val seconds: Int) : ScanWait() {
        init {
            require(seconds in 0..25) { "the API waits 0 to 25 seconds, not $seconds" }
        }
    }

    internal val preferHeader: String?
        get() = when (this) {
            Default -> null
            Async -> "respond-async"
            is UpTo -> "wait=$seconds"
        }
}
