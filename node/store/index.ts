/**
 * The library and project store (SPEC §10): the one module the CLI and the Electron main
 * process import. Plain Node + better-sqlite3; must not depend on Electron, DOM, Three.js,
 * Svelte. See docs/store.md for the schema, migrations, pack format and measurements.
 */
export { openLibrary, Library } from './library.js';
export type { LibraryInfo, LibraryStats, StoreOptions } from './library.js';
export { openProject, Project } from './project.js';
export type { ProjectOptions, ProjectReplay } from './project.js';
export type { DocumentReplay } from './document-edits.js';
export { clearWriter, ProjectLockedError, ProjectReadOnlyError } from './writer-lock.js';
export type { ProjectAccess, WriterInfo } from './writer-lock.js';
export type { CatalogueRecord, CatalogueSummary, TerrainFilter, TerrainSummary } from './catalogue-store.js';
export type { MapQuery, MapStats, MapSummary, PutMapOptions } from './map-store.js';
export type { EdgeConstraints, FitAnswer, FitMatch, FitOptions, RasterQuery, RasterStats, RasterTile, RasterTileInput } from './raster-store.js';
export type { Game, GameImportResult, GameInput, GameSummary } from './game-store.js';
export { gameSkipped } from './game-store.js';
export type { TrackImportOptions, TrackQuery } from './track-store.js';
export type { SubstituteSlot, SubstituteSlotInput } from './substitute-store.js';
export type { VectorFitAnswer, VectorFitConstraint, VectorFitOptions, VectorImportOptions, VectorQuery, VectorShape, VectorStats, VectorTileRecord, VectorTileSummary } from './vector-store.js';
export { VECTOR_SHAPES } from './vector-store.js';
export { STARTER_VECTOR_TAG, seedStarterVectorTiles } from './vector-seed.js';
export type { StarterSeedResult } from './vector-seed.js';
export { SUBSTITUTE_LATTICES } from './substitute-store.js';
export type { DerivationHashes, DerivationKey, DerivedLink, RefreshResult } from './derived-store.js';
export { selectionKey } from './derived-records.js';
export { LibrarySubstituteSource, substitutesHash } from './substitute-source.js';
export type { SeedOptions, SeedResult } from './substitute-seed.js';
export { defaultSubstituteMapId } from './substitute-seed.js';
export type { EditOptions, JournalEntry, Replay, TileChange } from './journal.js';
export { DEFAULT_JOURNAL_LIMIT } from './journal.js';
export type { ImportOptions, ImportResult, PageOptions, SkippedItem } from './import-result.js';
export { emptyImportResult } from './import-result.js';
export type { ImageBlob } from './context.js';
export { IMAGE_MIMES } from './context.js';
export { PACK_FORMAT, PACK_VERSION } from './pack.js';
export type { LibraryPack, PackImportOptions, PackImportResult } from './pack.js';
export { EDGE_NAMES, RASTER_SHAPES, orientationCode, orientationName } from './orientation.js';
export type { RasterShape } from './orientation.js';
export { CHUNK_VALUES, LAYER_NAMES, STORED_LAYER_NAMES } from './map-chunks.js';
export type { LayerName, StoredLayerName } from './map-chunks.js';
export { APPLICATION_IDS } from './sqlite.js';
export type { StoreKind } from './sqlite.js';
