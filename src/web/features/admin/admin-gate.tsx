// Shared with the GitHub pages (features do not import each other): it lives in src/web/ui.
export { AdminGate } from '../../ui/admin-gate.tsx';
