// Public surface of the support feature, used by the shared header and pages.
export { ReportIssueButton } from './components/report-issue-button';
export { ReportIssueDialog } from './components/report-issue-dialog';
