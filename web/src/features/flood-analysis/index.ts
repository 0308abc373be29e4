/**
 * What other features may use of flood analysis; everything else in this folder is its own. The public map
 * opens a flood layer's analysis in this modal; it is loaded on demand (its chunk stays `flood-analysis-modal`).
 */
export const loadFloodAnalysisModal = () => import('./components/analysis-modal/flood-analysis-modal');
