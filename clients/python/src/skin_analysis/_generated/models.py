# Generated from docs/openapi.json by scripts/generate_models.py (datamodel-code-generator). Do not edit.

from __future__ import annotations

from typing import Annotated, Any, Dict, Literal, Optional, Union

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field
from typing_extensions import TypeAliasType


class MarkerResult(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    score: Annotated[int, Field(ge=0, le=100)]
    """
    Integer 0 to 100; higher is healthier skin.
    """
    severity: Literal["low", "moderate", "high"]
    """
    Severity band of a marker score: low 70-100, moderate 40-69, high 0-39.
    """


UserId = TypeAliasType(
    "UserId",
    Annotated[str, Field(examples=["user-42"], pattern="^[A-Za-z0-9_.:@-]{1,128}$")],
)
"""
Your own identifier for the person scanned: 1 to 128 characters of letters, digits and `_ . : @ -`.
"""


SkinScore = TypeAliasType("SkinScore", Annotated[int, Field(ge=0, le=100)])
"""
Integer 0 to 100, the weighted mean of the returned markers; null until completed.
"""


class Model(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    name: str
    version: str


class Image(BaseModel):
    """
    The upright image as analysed (after EXIF rotation).
    """

    model_config = ConfigDict(
        extra="allow",
    )
    width: int
    height: int
    format: str


class Box(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    x: float
    y: float
    width: float
    height: float


class PerceivedAge(BaseModel):
    """
    Perceived age from a learned model (HSE FaceRes), on completed scans only; a description of the photo, never part of a score. See docs/analysis.md.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    years: int
    """
    How old the face looks, in whole years.
    """
    expected_error_years: float
    """
    The age model's published mean absolute error, in years: a plain estimate, not a measurement.
    """


class Face(BaseModel):
    """
    The analysed face: its box in image pixels, detector confidence, landmark count, perceived age.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    box: Box
    confidence: float
    landmarks: int
    perceived_age: Optional[PerceivedAge] = None
    """
    Perceived age from a learned model (HSE FaceRes), on completed scans only; a description of the photo, never part of a score. See docs/analysis.md.
    """


class Quality(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    value: float
    threshold: float
    passed: bool


class Error(BaseModel):
    """
    Why a `failed` scan failed (e.g. `no_face`); null otherwise.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    code: str
    message: str


class Lab(BaseModel):
    """
    The median CIELAB (D65) colour of the face skin.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    l: float
    a: float
    b: float


class SkinTone(BaseModel):
    """
    Skin tone: a description for fairness reporting and routine advice, never a score.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    ita: float
    """
    Individual typology angle in degrees, arctan((L* − 50) / b*), of the face skin's median colour; higher is lighter.
    """
    category: Literal["very_light", "light", "intermediate", "tan", "brown", "dark"]
    """
    ITA° category (Chardon 1991, Del Bino 2013): very_light > 55, light 41 to 55, intermediate 28 to 41, tan 10 to 28, brown −30 to 10, dark ≤ −30.
    """
    hue_angle: float
    """
    CIELAB hue angle atan2(b*, a*) in degrees.
    """
    lab: Lab
    """
    The median CIELAB (D65) colour of the face skin.
    """


class Measures(BaseModel):
    """
    The raw measures the rule read (docs/markers.md, "Skin type").
    """

    model_config = ConfigDict(
        extra="allow",
    )
    t_zone_shine: float
    """
    % of the T-zone skin with specular sheen.
    """
    u_zone_shine: float
    """
    % of the cheek and chin skin with specular sheen.
    """
    u_zone_dryness: float
    """
    % of the cheeks with dryness marks (fine lines, flakes).
    """
    redness: float
    """
    Cheek and nose haemoglobin above the chin and under-eye skin, 100·OD.
    """


class SkinType(BaseModel):
    """
    Skin type from T-zone against U-zone measurements.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    type: Literal["dry", "oily", "combination", "normal"]
    """
    Shine on T-zone and cheeks: oily; on the T-zone only: combination; no shine but dryness marks on the cheeks: dry; otherwise normal.
    """
    sensitive_prone: bool
    """
    Diffuse redness of cheeks and nose in the redness marker's moderate or high band.
    """
    measures: Measures
    """
    The raw measures the rule read (docs/markers.md, "Skin type").
    """


class ByRegion(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    total: int
    inflamed: int
    dark_spot: int


class LesionCounts(BaseModel):
    """
    Distinct lesions by type and region (a spot counted by both acne and pigmentation counts once).
    """

    model_config = ConfigDict(
        extra="allow",
    )
    total: int
    inflamed: int
    dark_spot: int
    by_region: dict[
        Literal[
            "forehead",
            "glabella",
            "nose",
            "left_cheek",
            "right_cheek",
            "chin",
            "under_eye_left",
            "under_eye_right",
            "crows_feet_left",
            "crows_feet_right",
        ],
        ByRegion,
    ]
    """
    Regions that hold lesions.
    """


LowItem = TypeAliasType("LowItem", Annotated[int, Field(ge=0, le=100)])


ModerateItem = TypeAliasType("ModerateItem", Annotated[int, Field(ge=0, le=100)])


HighItem = TypeAliasType("HighItem", Annotated[int, Field(ge=0, le=100)])


class SeverityBands(BaseModel):
    """
    Inclusive score ranges of each severity.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    low: tuple[LowItem, LowItem]
    moderate: tuple[ModerateItem, ModerateItem]
    high: tuple[HighItem, HighItem]


class MarkerCatalogueEntry(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    name: Literal[
        "acne",
        "pigmentation",
        "hydration",
        "redness",
        "wrinkles",
        "pores",
        "oiliness",
        "dark_circles",
        "texture",
        "eye_bags",
        "uniformness",
        "radiance",
        "age_spots",
        "blackheads",
    ]
    """
    A skin marker (the nine version 1 markers, then those added in skin-v1.5.0).
    """
    title: str
    measures: str
    """
    What the marker measures, in words.
    """
    regions: list[
        Literal[
            "forehead",
            "nose",
            "left_cheek",
            "right_cheek",
            "chin",
            "under_eye_left",
            "under_eye_right",
            "crows_feet_left",
            "crows_feet_right",
            "t_zone",
        ]
    ]
    """
    The face regions it is measured in.
    """
    result_regions: list[
        Literal[
            "forehead",
            "glabella",
            "nose",
            "left_cheek",
            "right_cheek",
            "chin",
            "under_eye_left",
            "under_eye_right",
            "crows_feet_left",
            "crows_feet_right",
        ]
    ]
    """
    The regions a scan's `region_results` break it down into (empty: whole face only; the regions it only compares against are not listed).
    """
    direction: str
    """
    Score direction: a higher score is always the healthier or more desirable skin (for radiance: more glow).
    """
    proxy: Optional[str] = None
    """
    The visual proxy, when the property cannot be seen directly (hydration).
    """
    in_skin_score: bool
    """
    Whether the marker enters skin_score. The nine version 1 markers do; those added later (eye_bags, uniformness, radiance, age_spots, blackheads) are reported but leave skin_score as it was.
    """
    severity_bands: SeverityBands
    """
    Inclusive score ranges of each severity.
    """


class MarkerCatalogue(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    data: list[MarkerCatalogueEntry]


class Trend(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    direction: Literal["improving", "stable", "worsening"]
    delta_30d: float
    """
    Change of the skin score over the last 30 days.
    """


MarkersAdditionalProperty = TypeAliasType("MarkersAdditionalProperty", Annotated[int, Field(ge=0, le=100)])


class HistoryItem(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    scan_id: Annotated[
        str,
        Field(
            examples=["scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E"],
            pattern="^scan_[0-9A-HJKMNP-TV-Z]{26}$",
        ),
    ]
    """
    A scan id: `scan_` and 26 characters, time-sortable.
    """
    skin_score: Annotated[int, Field(ge=0, le=100)]
    markers: dict[
        Literal[
            "acne",
            "pigmentation",
            "hydration",
            "redness",
            "wrinkles",
            "pores",
            "oiliness",
            "dark_circles",
            "texture",
            "eye_bags",
            "uniformness",
            "radiance",
            "age_spots",
            "blackheads",
        ],
        MarkersAdditionalProperty,
    ]
    at: Annotated[AwareDatetime, Field(examples=["2026-11-21T17:40:00.123Z"])]


class UserScore(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    user_id: Annotated[str, Field(examples=["user-42"], pattern="^[A-Za-z0-9_.:@-]{1,128}$")]
    """
    Your own identifier for the person scanned: 1 to 128 characters of letters, digits and `_ . : @ -`.
    """
    skin_score: Annotated[int, Field(ge=0, le=100)]
    """
    Smoothed over the latest scans.
    """
    markers: Annotated[
        dict[
            Literal[
                "acne",
                "pigmentation",
                "hydration",
                "redness",
                "wrinkles",
                "pores",
                "oiliness",
                "dark_circles",
                "texture",
                "eye_bags",
                "uniformness",
                "radiance",
                "age_spots",
                "blackheads",
            ],
            MarkerResult,
        ],
        Field(
            examples=[{"acne": {"score": 81, "severity": "low"}, "hydration": {"score": 66, "severity": "moderate"}}]
        ),
    ]
    """
    Per-marker values, smoothed like the skin score.
    """
    trend: Trend
    scan_count: Annotated[int, Field(ge=0)]
    history: list[HistoryItem]
    """
    The latest scans, oldest first.
    """
    updated_at: Annotated[AwareDatetime, Field(examples=["2026-11-21T17:40:00.123Z"])]


class Match(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    type: Literal["exact", "synonym", "fuzzy", "unknown"]
    confidence: Annotated[float, Field(ge=0.0, le=1.0)]
    suggestion: Optional[str] = None


class Comedogenic(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    min: float
    max: float
    sources: list[str]
    note: Optional[str] = None


class Irritancy(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    min: float
    max: float
    sources: list[str]
    note: Optional[str] = None


class Irritancy1(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    level: Literal["low", "moderate", "high"]
    """
    Severity band of a marker score: low 70-100, moderate 40-69, high 0-39.
    """
    sources: list[str]
    note: Optional[str] = None


class LabellingThresholdPercent(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    leave_on: float
    rinse_off: float


class Flags(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    source: str
    note: Optional[str] = None
    annex_ref: Optional[str] = None
    """
    EU annex and entry, e.g. "V/29".
    """
    limit: Optional[str] = None
    """
    eu_restricted: the limit in words.
    """
    labelling_threshold_percent: Optional[LabellingThresholdPercent] = None


class Benefit(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    marker: Literal[
        "acne",
        "pigmentation",
        "hydration",
        "redness",
        "wrinkles",
        "pores",
        "oiliness",
        "dark_circles",
        "texture",
        "eye_bags",
        "uniformness",
        "radiance",
        "age_spots",
        "blackheads",
    ]
    """
    A skin marker (the nine version 1 markers, then those added in skin-v1.5.0).
    """
    source: str


class UsualConcentration(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    min: Optional[float]
    max: Optional[float]
    unit: Literal["%"]


class Active(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    class_: Annotated[
        Literal[
            "retinoid",
            "aha",
            "bha",
            "pha",
            "benzoyl_peroxide",
            "vitamin_c_l_ascorbic",
            "vitamin_c_derivative",
            "niacinamide",
            "azelaic_acid",
            "tranexamic_acid",
            "hydroquinone",
            "kojic_acid",
            "arbutin",
            "sulfur",
            "peptide",
            "topical_antibiotic",
        ],
        Field(alias="class"),
    ]
    usual_concentration: Optional[UsualConcentration]
    source: str


class AnalysedIngredient(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    position: Annotated[int, Field(ge=1)]
    as_written: str
    """
    The item as written on the label, with whitespace, typographic characters and colour-index numbers ("CI77491" → "CI 77491") normalised.
    """
    name: Optional[str]
    """
    Canonical INCI name; null when unknown.
    """
    match: Match
    family: Optional[str]
    functions: list[str]
    comedogenic: Optional[Comedogenic]
    irritancy: Optional[Union[Irritancy, Irritancy1]]
    flags: dict[
        Literal[
            "eu_fragrance_allergen",
            "drying_alcohol",
            "essential_oil",
            "fungal_acne_trigger",
            "pregnancy_caution",
            "eu_banned",
            "eu_restricted",
        ],
        Flags,
    ]
    benefits: list[Benefit]
    active: Optional[Active]
    active_level_likely: Optional[bool]
    optional_colourant: bool
    percentage: Optional[float]
    nano: bool
    at_most_one_percent: bool
    footnote: Optional[str]


class IngredientConflict(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    id: str
    severity: Literal["avoid", "caution"]
    evidence: Literal["strong", "moderate", "weak", "extrapolated"]
    between: tuple[list[str], list[str]]
    reason: str
    advice: str
    sources: list[str]


class Summary(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    count: int
    recognised: int
    fuzzy: int
    unknown: int
    optional_colourants: int
    eu_fragrance_allergens: list[str]
    eu_banned: list[str]


class Ingredient(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    name: str
    position: int
    percentage: Optional[float]
    active_level_likely: Optional[bool]


class Active1(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    class_: Annotated[
        Literal[
            "retinoid",
            "aha",
            "bha",
            "pha",
            "benzoyl_peroxide",
            "vitamin_c_l_ascorbic",
            "vitamin_c_derivative",
            "niacinamide",
            "azelaic_acid",
            "tranexamic_acid",
            "hydroquinone",
            "kojic_acid",
            "arbutin",
            "sulfur",
            "peptide",
            "topical_antibiotic",
        ],
        Field(alias="class"),
    ]
    ingredients: list[Ingredient]
    usual_concentration: Optional[UsualConcentration]


class NonConflict(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    id: str
    between: tuple[list[str], list[str]]
    note: str
    sources: list[str]


class Help(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    ingredient: str
    position: int
    reason: str
    sources: list[str]


class MayWorsenItem(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    ingredient: str
    position: int
    reason: str
    sources: list[str]


class SuitabilityItem(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    marker: Literal[
        "acne",
        "pigmentation",
        "hydration",
        "redness",
        "wrinkles",
        "pores",
        "oiliness",
        "dark_circles",
        "texture",
        "eye_bags",
        "uniformness",
        "radiance",
        "age_spots",
        "blackheads",
    ]
    """
    A skin marker (the nine version 1 markers, then those added in skin-v1.5.0).
    """
    severity: Optional[Literal["low", "moderate", "high"]]
    priority: int
    verdict: Literal["helps", "may_worsen", "mixed", "neutral"]
    helps: list[Help]
    may_worsen: list[MayWorsenItem]


class ProductAnalysis(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    ingredients: list[AnalysedIngredient]
    footnotes: list[str]
    summary: Summary
    actives: list[Active1]
    conflicts: list[IngredientConflict]
    non_conflicts: list[NonConflict]
    suitability: list[SuitabilityItem]
    free_of: list[Literal["fragrance", "alcohol", "silicone", "sulfate", "paraben", "essential_oils"]]
    index: int
    name: str


class Active2(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    class_: Annotated[
        Literal[
            "retinoid",
            "aha",
            "bha",
            "pha",
            "benzoyl_peroxide",
            "vitamin_c_l_ascorbic",
            "vitamin_c_derivative",
            "niacinamide",
            "azelaic_acid",
            "tranexamic_acid",
            "hydroquinone",
            "kojic_acid",
            "arbutin",
            "sulfur",
            "peptide",
            "topical_antibiotic",
        ],
        Field(alias="class"),
    ]
    ingredients: list[Ingredient]
    usual_concentration: Optional[UsualConcentration]


class SuitabilityItem1(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    marker: Literal[
        "acne",
        "pigmentation",
        "hydration",
        "redness",
        "wrinkles",
        "pores",
        "oiliness",
        "dark_circles",
        "texture",
        "eye_bags",
        "uniformness",
        "radiance",
        "age_spots",
        "blackheads",
    ]
    """
    A skin marker (the nine version 1 markers, then those added in skin-v1.5.0).
    """
    severity: Optional[Literal["low", "moderate", "high"]]
    priority: int
    verdict: Literal["helps", "may_worsen", "mixed", "neutral"]
    helps: list[Help]
    may_worsen: list[MayWorsenItem]


class Product(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    index: Optional[int]
    name: str


class ProductConflict(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    id: str
    severity: Literal["avoid", "caution"]
    evidence: Literal["strong", "moderate", "weak", "extrapolated"]
    between: tuple[list[str], list[str]]
    reason: str
    advice: str
    sources: list[str]
    products: tuple[Product, Product]


class Sources(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    title: str
    url: Optional[str] = None
    kind: str
    checked: bool
    note: Optional[str] = None


class KnowledgeBase(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    version: str
    entries: int


class IngredientAnalysis(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    ingredients: list[AnalysedIngredient]
    footnotes: list[str]
    summary: Summary
    actives: list[Active2]
    conflicts: list[IngredientConflict]
    non_conflicts: list[NonConflict]
    suitability: list[SuitabilityItem1]
    free_of: list[Literal["fragrance", "alcohol", "silicone", "sulfate", "paraben", "essential_oils"]]
    products: list[ProductAnalysis]
    product_conflicts: list[ProductConflict]
    sources: dict[str, Sources]
    knowledge_base: KnowledgeBase


class KeyIngredient(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    name: str
    reason: str
    marker: Optional[
        Literal[
            "acne",
            "pigmentation",
            "hydration",
            "redness",
            "wrinkles",
            "pores",
            "oiliness",
            "dark_circles",
            "texture",
            "eye_bags",
            "uniformness",
            "radiance",
            "age_spots",
            "blackheads",
        ]
    ]
    """
    The marker it addresses; null for basics.
    """
    source: str


class IngredientAnalysisSummary(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    actives: list[
        Literal[
            "retinoid",
            "aha",
            "bha",
            "pha",
            "benzoyl_peroxide",
            "vitamin_c_l_ascorbic",
            "vitamin_c_derivative",
            "niacinamide",
            "azelaic_acid",
            "tranexamic_acid",
            "hydroquinone",
            "kojic_acid",
            "arbutin",
            "sulfur",
            "peptide",
            "topical_antibiotic",
        ]
    ]
    helps: list[
        Literal[
            "acne",
            "pigmentation",
            "hydration",
            "redness",
            "wrinkles",
            "pores",
            "oiliness",
            "dark_circles",
            "texture",
            "eye_bags",
            "uniformness",
            "radiance",
            "age_spots",
            "blackheads",
        ]
    ]
    may_worsen: list[
        Literal[
            "acne",
            "pigmentation",
            "hydration",
            "redness",
            "wrinkles",
            "pores",
            "oiliness",
            "dark_circles",
            "texture",
            "eye_bags",
            "uniformness",
            "radiance",
            "age_spots",
            "blackheads",
        ]
    ]
    free_of: list[Literal["fragrance", "alcohol", "silicone", "sulfate", "paraben", "essential_oils"]]
    eu_fragrance_allergens: list[str]
    unknown_ingredients: int


class Product2(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    name: str
    index: int
    """
    Index in the request's `products`.
    """
    reason: str
    ingredient_analysis_summary: Optional[IngredientAnalysisSummary] = None


class RoutineStep(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    step: Literal["cleanse", "tone", "treat", "moisturise", "protect", "exfoliate", "mask", "eye_care"]
    description: str
    key_ingredients: list[KeyIngredient]
    frequency: Literal["daily", "every_other_day", "twice_weekly", "weekly"]
    ramp_up: Optional[str]
    product: Optional[Product2] = None


ScanId = TypeAliasType(
    "ScanId",
    Annotated[
        str,
        Field(
            examples=["scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E"],
            pattern="^scan_[0-9A-HJKMNP-TV-Z]{26}$",
        ),
    ],
)
"""
A scan id: `scan_` and 26 characters, time-sortable.
"""


class IntroductionItem(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    order: int
    ingredient: str
    slot: Literal["am", "pm", "weekly"]
    step: Literal["cleanse", "tone", "treat", "moisturise", "protect", "exfoliate", "mask", "eye_care"]
    start_week: Annotated[int, Field(ge=1)]


class RulesAppliedItem(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    id: str
    rule: str
    sources: list[str]


class Sources1(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    title: str
    url: Optional[str]


class Routine(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    routine_id: Annotated[
        str,
        Field(
            examples=["rtn_01JD3Q8Z5X9V4N2M7K6H5G4F3E"],
            pattern="^rtn_[0-9A-HJKMNP-TV-Z]{26}$",
        ),
    ]
    """
    A routine id: `rtn_` and 26 characters, time-sortable.
    """
    scan_id: Optional[ScanId]
    user_id: Optional[UserId]
    created_at: Annotated[AwareDatetime, Field(examples=["2026-11-21T17:40:00.123Z"])]
    markers: Annotated[
        dict[
            Literal[
                "acne",
                "pigmentation",
                "hydration",
                "redness",
                "wrinkles",
                "pores",
                "oiliness",
                "dark_circles",
                "texture",
                "eye_bags",
                "uniformness",
                "radiance",
                "age_spots",
                "blackheads",
            ],
            MarkerResult,
        ],
        Field(
            examples=[{"acne": {"score": 81, "severity": "low"}, "hydration": {"score": 66, "severity": "moderate"}}]
        ),
    ]
    """
    The marker results the routine was built for (from the scan, or as sent).
    """
    profile: dict[str, Any]
    am: list[RoutineStep]
    pm: list[RoutineStep]
    weekly: list[RoutineStep]
    warnings: list[str]
    notes: list[str]
    introduction: list[IntroductionItem]
    rules_applied: list[RulesAppliedItem]
    sources: dict[str, Sources1]


class Error1(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    param: str
    message: str


class Problem(BaseModel):
    """
    An RFC 9457 problem (`application/problem+json`).
    """

    model_config = ConfigDict(
        extra="allow",
    )
    __annotations__ = {
        "__pydantic_extra__": Dict[str, Any],
    }
    type: Annotated[
        str,
        Field(examples=["http://127.0.0.1:3000/docs#section/Errors/unknown_marker"]),
    ]
    """
    The API's base URL + `/docs#section/Errors/` + the code: the code's entry in this deployment's reference page.
    """
    title: str
    """
    The code's title from the error catalogue.
    """
    status: Annotated[int, Field(ge=400, le=599)]
    detail: str
    """
    What went wrong, naming the parameter, the expectation and what was received.
    """
    code: Literal[
        "unauthenticated",
        "invalid_api_key",
        "insufficient_scope",
        "not_found",
        "method_not_allowed",
        "invalid_request",
        "unknown_marker",
        "invalid_cursor",
        "idempotency_conflict",
        "scan_not_completed",
        "upload_already_used",
        "upload_incomplete",
        "upload_expired",
        "payload_too_large",
        "unsupported_media_type",
        "idempotency_key_reused",
        "image_unreadable",
        "image_too_small",
        "image_too_large",
        "no_face",
        "multiple_faces",
        "face_too_small",
        "face_cut_off",
        "face_not_frontal",
        "too_dark",
        "too_bright",
        "blurry",
        "eyes_closed",
        "expression_not_neutral",
        "grayscale_photo",
        "not_human_skin",
        "analysis_failed",
        "rate_limited",
        "internal_error",
    ]
    """
    Stable, machine-readable; see the error catalogue.
    """
    request_id: str
    """
    The `Request-Id` of this response: quote it when you contact support.
    """
    errors: list[Error1]
    """
    One entry per failing parameter (may be empty).
    """
    scan_id: Optional[str] = None
    """
    On a 422 from POST /v1/scans whose photo failed a check: the stored `failed` scan.
    """


class ScanCompletedEvent(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    event: Literal["scan.completed"]
    scan_id: Annotated[
        str,
        Field(
            examples=["scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E"],
            pattern="^scan_[0-9A-HJKMNP-TV-Z]{26}$",
        ),
    ]
    """
    A scan id: `scan_` and 26 characters, time-sortable.
    """
    user_id: Optional[UserId]
    skin_score: Annotated[int, Field(ge=0, le=100)]
    timestamp: Annotated[AwareDatetime, Field(examples=["2026-11-21T17:40:00.123Z"])]
    """
    The scan's completed_at.
    """
    markers: Annotated[
        dict[
            Literal[
                "acne",
                "pigmentation",
                "hydration",
                "redness",
                "wrinkles",
                "pores",
                "oiliness",
                "dark_circles",
                "texture",
                "eye_bags",
                "uniformness",
                "radiance",
                "age_spots",
                "blackheads",
            ],
            MarkerResult,
        ],
        Field(
            examples=[{"acne": {"score": 81, "severity": "low"}, "hydration": {"score": 66, "severity": "moderate"}}]
        ),
    ]


class Error2(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    code: str
    message: str


class ScanFailedEvent(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    event: Literal["scan.failed"]
    scan_id: Annotated[
        str,
        Field(
            examples=["scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E"],
            pattern="^scan_[0-9A-HJKMNP-TV-Z]{26}$",
        ),
    ]
    """
    A scan id: `scan_` and 26 characters, time-sortable.
    """
    user_id: Optional[UserId]
    error: Error2
    timestamp: Annotated[AwareDatetime, Field(examples=["2026-11-21T17:40:00.123Z"])]


class RoutineGeneratedEvent(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    event: Literal["routine.generated"]
    routine_id: Annotated[
        str,
        Field(
            examples=["rtn_01JD3Q8Z5X9V4N2M7K6H5G4F3E"],
            pattern="^rtn_[0-9A-HJKMNP-TV-Z]{26}$",
        ),
    ]
    """
    A routine id: `rtn_` and 26 characters, time-sortable.
    """
    scan_id: Optional[ScanId]
    user_id: Optional[UserId]
    timestamp: Annotated[AwareDatetime, Field(examples=["2026-11-21T17:40:00.123Z"])]


PreviousSkinScore = TypeAliasType("PreviousSkinScore", Annotated[int, Field(ge=0, le=100)])


class ScoreUpdatedEvent(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    event: Literal["score.updated"]
    user_id: Annotated[str, Field(examples=["user-42"], pattern="^[A-Za-z0-9_.:@-]{1,128}$")]
    """
    Your own identifier for the person scanned: 1 to 128 characters of letters, digits and `_ . : @ -`.
    """
    skin_score: Annotated[int, Field(ge=0, le=100)]
    previous_skin_score: Optional[PreviousSkinScore]
    scan_id: Annotated[
        str,
        Field(
            examples=["scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E"],
            pattern="^scan_[0-9A-HJKMNP-TV-Z]{26}$",
        ),
    ]
    """
    A scan id: `scan_` and 26 characters, time-sortable.
    """
    timestamp: Annotated[AwareDatetime, Field(examples=["2026-11-21T17:40:00.123Z"])]


class WebhookTestEvent(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    event: Literal["webhook.test"]
    endpoint_id: str
    message: str
    timestamp: Annotated[AwareDatetime, Field(examples=["2026-11-21T17:40:00.123Z"])]


class ClientToken(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    token: Annotated[str, Field(examples=["ct_test_3q2-7wEXAMPLEexampleEXAMPLEexampleEXAMPLE0"])]
    """
    The Bearer credential for the app: `ct_test_…` or `ct_live_…`. Shown once; never stored.
    """
    token_id: Annotated[
        str,
        Field(
            examples=["ct_01JD3Q8Z5X9V4N2M7K6H5G4F3E"],
            pattern="^ct_[0-9A-HJKMNP-TV-Z]{26}$",
        ),
    ]
    """
    The token's id: `ct_` and 26 characters.
    """
    user_id: Annotated[str, Field(examples=["user-42"], pattern="^[A-Za-z0-9_.:@-]{1,128}$")]
    """
    Your own identifier for the person scanned: 1 to 128 characters of letters, digits and `_ . : @ -`.
    """
    scopes: list[Literal["scans:write", "scans:read", "scores:read"]]
    environment: Literal["test", "live"]
    created_at: Annotated[AwareDatetime, Field(examples=["2026-11-21T17:40:00.123Z"])]
    expires_at: Annotated[AwareDatetime, Field(examples=["2026-11-21T17:40:00.123Z"])]


class Upload(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    upload_id: Annotated[
        str,
        Field(
            examples=["upl_01JD3Q8Z5X9V4N2M7K6H5G4F3E"],
            pattern="^upl_[0-9A-HJKMNP-TV-Z]{26}$",
        ),
    ]
    """
    An upload id: `upl_` and 26 characters.
    """
    user_id: Optional[UserId]
    url: str
    """
    POST the form here: every `fields` entry, then the photo as the last part, named `file`.
    """
    fields: dict[str, str]
    """
    Form fields to send as they are (key, policy, signature, Content-Type, …).
    """
    max_bytes: int
    """
    The largest photo the policy admits.
    """
    post_expires_at: Annotated[AwareDatetime, Field(examples=["2026-11-21T17:40:00.123Z"])]
    """
    The presigned POST works until then (a few minutes).
    """
    expires_at: Annotated[AwareDatetime, Field(examples=["2026-11-21T17:40:00.123Z"])]
    """
    The upload id can start a scan until then; after that it is `upload_expired`.
    """


class ScanCreateForm(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    image: Annotated[str, Field(json_schema_extra={"contentMediaType": "application/octet-stream"})]
    """
    The photo: jpeg, png, webp; at most 5242880 bytes (5 MB), at least 200 px on the short side, at most 40 megapixels. EXIF orientation is honoured; the stored copy carries no metadata (a JPEG keeps only its orientation).
    """
    markers: Optional[str] = None
    """
    Comma-separated marker names (trimmed, case-insensitive, de-duplicated): any of acne, pigmentation, hydration, redness, wrinkles, pores, oiliness, dark_circles, texture, eye_bags, uniformness, radiance, age_spots, blackheads. Omitted or blank: every marker. An unknown name is a 400 `unknown_marker`; a list of only commas (`,,,`) is a 400 `invalid_request`.
    """
    user_id: Annotated[
        Optional[str],
        Field(examples=["user-42"], pattern="^([A-Za-z0-9_.:@-]{1,128})?$"),
    ] = None
    """
    Your own identifier for the person scanned: 1 to 128 characters of letters, digits and `_ . : @ -`; empty means none.
    """


Ingredients = TypeAliasType("Ingredients", Annotated[str, Field(min_length=1)])
"""
The label text: ingredients separated by commas.
"""


Ingredients1Item = TypeAliasType("Ingredients1Item", Annotated[str, Field(max_length=1000)])


Ingredients1 = TypeAliasType(
    "Ingredients1",
    Annotated[list[Ingredients1Item], Field(max_length=300, min_length=1)],
)


Ingredients2 = TypeAliasType("Ingredients2", Annotated[str, Field(min_length=1)])
"""
The label text: ingredients separated by commas.
"""


Ingredients3Item = TypeAliasType("Ingredients3Item", Annotated[str, Field(max_length=1000)])


Ingredients3 = TypeAliasType(
    "Ingredients3",
    Annotated[list[Ingredients3Item], Field(max_length=300, min_length=1)],
)


class Product3(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    name: Annotated[str, Field(max_length=200, min_length=1)]
    ingredients: Union[Ingredients2, Ingredients3]


class IngredientAnalysisRequest(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    ingredients: Union[Ingredients, Ingredients1]
    markers: Optional[list[str]] = None
    scan_id: Annotated[Optional[str], Field(pattern="^scan_[0-9A-Za-z]{1,64}$")] = None
    products: Annotated[Optional[list[Product3]], Field(max_length=20)] = None


class Markers(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    score: Annotated[int, Field(ge=0, le=100)]
    """
    Integer 0 to 100; higher is healthier skin.
    """
    severity: Optional[Literal["low", "moderate", "high"]] = None
    """
    Severity band of a marker score: low 70-100, moderate 40-69, high 0-39.
    """


class Preferences(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    fragrance_free: Optional[bool] = None
    steps: Optional[Literal["minimal", "standard", "full"]] = None


class Profile(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    skin_type: Optional[Literal["dry", "oily", "combination", "normal"]] = None
    sensitive: Optional[bool] = None
    pregnant_or_breastfeeding: Optional[bool] = None
    preferences: Optional[Preferences] = None


Ingredients4 = TypeAliasType("Ingredients4", Annotated[str, Field(min_length=1)])
"""
The label text: ingredients separated by commas.
"""


Ingredients5Item = TypeAliasType("Ingredients5Item", Annotated[str, Field(max_length=1000)])


Ingredients5 = TypeAliasType(
    "Ingredients5",
    Annotated[list[Ingredients5Item], Field(max_length=300, min_length=1)],
)


class Product4(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    name: Annotated[str, Field(max_length=200, min_length=1)]
    category: Optional[
        Literal[
            "cleanser",
            "toner",
            "serum",
            "treatment",
            "moisturiser",
            "sunscreen",
            "exfoliant",
            "mask",
            "eye_cream",
            "oil",
        ]
    ] = None
    ingredients: Union[Ingredients4, Ingredients5]


class RoutineRequest(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    scan_id: Annotated[Optional[str], Field(pattern="^scan_[0-9A-Za-z]{1,64}$")] = None
    markers: Optional[
        dict[
            Literal[
                "acne",
                "pigmentation",
                "hydration",
                "redness",
                "wrinkles",
                "pores",
                "oiliness",
                "dark_circles",
                "texture",
                "eye_bags",
                "uniformness",
                "radiance",
                "age_spots",
                "blackheads",
            ],
            Markers,
        ]
    ] = None
    """
    Marker results, e.g. `{"acne": {"score": 31}}`: at least one; a missing severity comes from the score band.
    """
    user_id: Annotated[Optional[str], Field(pattern="^[A-Za-z0-9_.:@-]{1,128}$")] = None
    profile: Optional[Profile] = None
    products: Annotated[Optional[list[Product4]], Field(max_length=30)] = None


class ScanFromUpload(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    upload_id: Annotated[
        str,
        Field(
            examples=["upl_01JD3Q8Z5X9V4N2M7K6H5G4F3E"],
            pattern="^upl_[0-9A-HJKMNP-TV-Z]{26}$",
        ),
    ]
    """
    An upload id: `upl_` and 26 characters.
    """
    markers: Optional[Union[list[str], str]] = None
    """
    Marker names (an array, or a comma-separated string); omitted: every marker.
    """
    user_id: Annotated[
        Optional[str],
        Field(examples=["user-42"], pattern="^([A-Za-z0-9_.:@-]{1,128})?$"),
    ] = None
    """
    Must match the upload's user when it has one (omitted: the upload's user).
    """


class ClientTokenRequest(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    user_id: Annotated[str, Field(examples=["user-42"], pattern="^[A-Za-z0-9_.:@-]{1,128}$")]
    """
    The one user the token acts for: every scan it creates belongs to this user, and it reads only this user's scans and score.
    """
    scopes: Annotated[
        Optional[list[Literal["scans:write", "scans:read", "scores:read"]]],
        Field(min_length=1),
    ] = None
    """
    Default all of scans:write, scans:read, scores:read; each must also be a scope of the minting key.
    """
    expires_in: Annotated[Optional[int], Field(ge=60, le=86400)] = None
    """
    Seconds the token works: 60 to 86400 (24 h); default 900 (15 minutes).
    """


class UploadRequest(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    content_type: Literal["image/jpeg", "image/png", "image/webp"]
    """
    The photo's media type; the upload must send the same `Content-Type` field.
    """
    user_id: Annotated[Optional[str], Field(examples=["user-42"], pattern="^[A-Za-z0-9_.:@-]{1,128}$")] = None
    """
    The user the photo is of (a client token's own user when omitted); the scan belongs to this user.
    """


class Spot(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    marker: Literal["acne", "pigmentation"]
    type: Literal["inflamed", "dark_spot"]
    """
    `inflamed`: a red spot (more haemoglobin than melanin contrast: papule, pustule, fresh red mark); `dark_spot`: a brown spot (more melanin contrast).
    """
    region: Optional[
        Literal[
            "forehead",
            "glabella",
            "nose",
            "left_cheek",
            "right_cheek",
            "chin",
            "under_eye_left",
            "under_eye_right",
            "crows_feet_left",
            "crows_feet_right",
        ]
    ]
    """
    The region its centre lies in.
    """
    x: float
    """
    Centre, in pixels of the upright image (`image`), from its left edge.
    """
    y: float
    """
    Centre, in pixels of the upright image, from its top edge.
    """
    radius: float
    """
    Radius in pixels of the upright image.
    """


class Scan(BaseModel):
    """
    A face scan and its results.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    scan_id: Annotated[
        str,
        Field(
            examples=["scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E"],
            pattern="^scan_[0-9A-HJKMNP-TV-Z]{26}$",
        ),
    ]
    """
    A scan id: `scan_` and 26 characters, time-sortable.
    """
    status: Literal["processing", "completed", "failed"]
    """
    `processing` until the analysis ends; then `completed`, or `failed` with `error`.
    """
    user_id: Optional[UserId]
    skin_score: Optional[SkinScore]
    """
    Integer 0 to 100, the weighted mean of the returned markers; null until completed.
    """
    markers: Annotated[
        dict[
            Literal[
                "acne",
                "pigmentation",
                "hydration",
                "redness",
                "wrinkles",
                "pores",
                "oiliness",
                "dark_circles",
                "texture",
                "eye_bags",
                "uniformness",
                "radiance",
                "age_spots",
                "blackheads",
            ],
            MarkerResult,
        ],
        Field(
            examples=[{"acne": {"score": 81, "severity": "low"}, "hydration": {"score": 66, "severity": "moderate"}}]
        ),
    ]
    """
    One entry per requested marker; `{}` while processing.
    """
    created_at: Annotated[AwareDatetime, Field(examples=["2026-11-21T17:40:00.123Z"])]
    completed_at: Optional[AwareDatetime]
    model: Optional[Model]
    image: Image
    """
    The upright image as analysed (after EXIF rotation).
    """
    face: Optional[Face]
    """
    The analysed face: its box in image pixels, detector confidence, landmark count, perceived age.
    """
    quality: Optional[dict[str, Quality]]
    """
    Each quality check with its measured value and threshold: face_count, face_dominance, face_size, yaw, pitch, eye_openness, mouth_width, lip_gap, face_in_photo, darkness, brightness, clipping, sharpness, colour, skin_chroma, skin_hue, skin_hue_angle, skin_yellowness, eye_whites, resolution. `resolution` is a flag, not a refusal: when it has not passed (a face below about 160 px) the scan completes, but wrinkles, pores, texture and hydration are measured at a lower resolution than the floor and read smoother than the skin is.
    """
    error: Optional[Error]
    """
    Why a `failed` scan failed (e.g. `no_face`); null otherwise.
    """
    spots: list[Spot]
    """
    The acne and pigmentation spots the analysis counted (for the markers requested), typed, placed in their region and positioned on the upright image so an app can mark them on its own photo; `[]` until completed. `GET /v1/scans/{scan_id}/overlay?style=spots` draws them.
    """
    lesion_counts: Optional[LesionCounts]
    """
    Counts of `spots` by type and region; null until completed.
    """
    skin_tone: Optional[SkinTone]
    """
    ITA° skin tone of every completed scan, whatever markers were asked for; null until completed.
    """
    skin_type: Optional[SkinType]
    """
    Skin type of every completed scan; null until completed (or when the T-zone or cheeks hold too little visible skin).
    """
    region_results: Annotated[
        dict[
            Literal[
                "acne",
                "pigmentation",
                "hydration",
                "redness",
                "wrinkles",
                "pores",
                "oiliness",
                "dark_circles",
                "texture",
                "eye_bags",
                "uniformness",
                "radiance",
                "age_spots",
                "blackheads",
            ],
            dict[
                Literal[
                    "forehead",
                    "glabella",
                    "nose",
                    "left_cheek",
                    "right_cheek",
                    "chin",
                    "under_eye_left",
                    "under_eye_right",
                    "crows_feet_left",
                    "crows_feet_right",
                ],
                MarkerResult,
            ],
        ],
        Field(
            examples=[
                {
                    "acne": {
                        "forehead": {"score": 100, "severity": "low"},
                        "left_cheek": {"score": 74, "severity": "low"},
                    }
                }
            ]
        ),
    ]
    """
    Score and severity per region, for each requested marker measured in two regions or more (regions with too little visible skin are left out); the whole-face result in `markers` is unchanged. `{}` until completed.
    """


class ScanList(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    data: list[Scan]
    has_more: bool
    next_cursor: Optional[str]
    """
    Pass as `cursor` for the next page; null on the last page.
    """
