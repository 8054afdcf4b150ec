// Public surface of the estimate feature, used by the results page.
export { EstimatePanel } from './components/estimate-panel';
export { useEstimateSettings } from './api/use-estimate-settings';
export { resultUnderRule, estimateOf, roomIdsOf } from './utils/apply-rule';
