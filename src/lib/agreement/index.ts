/** Judge agreement and classification maths (pure; imports only src/schema). Matrices are in taxonomy order. */
export { LABEL_INDEX, colSums, confusionMatrix, emptyMatrix, formatMatrix, matrixTotal, rowSums, type Matrix } from './confusion.ts';
export { cohenKappa, percentAgreement } from './kappa.ts';
export { classificationReport, formatReport, type ClassificationReport, type LabelScore } from './scores.ts';
export { pairAgreement, panelAgreement } from './panel.ts';
