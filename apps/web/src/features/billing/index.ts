// Public surface of the billing feature, used by the shared header (pricing modal).
export { PricingModal } from './components/pricing-modal';
