package dev.skinanalysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.skinanalysis.errors.NotFoundException;
import dev.skinanalysis.errors.UnprocessablePhotoException;
import dev.skinanalysis.models.MarkerName;
import dev.skinanalysis.models.Scan;
import dev.skinanalysis.models.ScanStatus;
import dev.skinanalysis.support.LocalStack;
import dev.skinanalysis.support.LocalStackExtension;
import dev.skinanalysis.support.Photos;
import java.io.File;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The library as a Java back end uses it: the builder and the blocking calls, against the real local stack. */
@ExtendWith(LocalStackExtension.class)
class JavaCallerTest {
    private final LocalStack stack;

    JavaCallerTest(LocalStack stack) {
        this.stack = stack;
    }

    @Test
    void aJavaCallerScansListsAndDeletesWithBlockingCalls() throws Exception {
        LocalStack.AccountKey account = stack.newAccountKey("enterprise", 1000);
        File face = Photos.INSTANCE.getSharedFrontalFace();
        try (SkinAnalysisClient client = SkinAnalysisClient.builder()
                .apiKey(account.getKey())
                .baseUrl(stack.getApiUrl())
                .maxRetries(3)
                .timeout(40, TimeUnit.SECONDS)
                .build()) {
            String user = "java-user-" + System.nanoTime();
            Scan scan = client.blocking().scans().create(face, List.of(MarkerName.ACNE, MarkerName.TEXTURE), user);
            assertEquals(ScanStatus.Completed.INSTANCE, scan.getStatus());
            assertEquals(2, scan.getMarkers().size());

            int seen = 0;
            for (Scan listed : client.blocking().scans().iterate(user, 10)) {
                assertEquals(scan.getScanId(), listed.getScanId());
                seen++;
            }
            assertEquals(1, seen);

            UnprocessablePhotoException refused = assertThrows(UnprocessablePhotoException.class,
                    () -> client.blocking().scans().create(Photos.INSTANCE.getGroupPhoto()));
            assertEquals("multiple_faces", refused.getQualityCode());

            client.blocking().scans().delete(scan.getScanId());
            NotFoundException gone = assertThrows(NotFoundException.class, () -> client.blocking().scans().get(scan.getScanId()));
            assertEquals(404, gone.getStatus());
            assertTrue(gone.getRequestId() != null);
        }
    }
}
