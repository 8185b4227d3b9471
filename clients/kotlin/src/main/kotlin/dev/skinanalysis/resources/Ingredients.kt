package dev.skinanalysis.resources

import dev.skinanalysis.internal.HttpTransport
import dev.skinanalysis.internal.jsonPost
import dev.skinanalysis.models.IngredientAnalysis
import dev.skinanalysis.models.IngredientAnalysisRequest
import dev.skinanalysis.models.IngredientList
import dev.skinanalysis.models.MarkerName

/** `/v1/ingredients`: INCI list analysis. */
public class Ingredients internal constructor(private val transport: HttpTransport) {
    /** `POST /v1/ingredients/analyze`. */
    public suspend fun analyze(request: IngredientAnalysisRequest): IngredientAnalysis =
        transport.execute(
            jsonPost(listOf("v1", "ingredients", "analyze"), IngredientAnalysisRequest.serializer(), request),
            IngredientAnalysis.serializer(),
        )

    /** [analyze] a label's text as printed (`"Aqua, Glycerin, Niacinamide…"`), optionally against [markers]. */
    public suspend fun analyze(label: String, markers: List<MarkerName>? = null, scanId: String? = null): IngredientAnalysis =
        analyze(IngredientAnalysisRequest(IngredientList.Text(label), markers, scanId))

    /** [analyze] a list given one ingredient per item. */
    public suspend fun analyze(ingredients: List<String>, markers: List<MarkerName>? = null, scanId: String? = null): IngredientAnalysis =
        analyze(IngredientAnalysisRequest(IngredientList.Items(ingredients), markers, scanId))
}
