import { imageToDataUrl, type PlanImage } from '../components/use-plan-image';
import { buildReport, buildTextReport, reportFileName, type ReportInput } from './build-report';

export const PRODUCT_NAME = 'Plansight';

function saveBlob(blob: Blob, name: string) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** Export per spec section 4/8: the PDF, else an alert and the plain-text file, else the final alert. */
export async function exportReport(input: Omit<ReportInput, 'planImage'>, image: PlanImage | null): Promise<void> {
  if (!input.result) return alert('No results data available to download');
  if (input.roomIndexes.length === 0) return alert('No rooms selected for PDF export.');
  const name = reportFileName(PRODUCT_NAME, input.projectTitle, input.date ?? new Date());
  try {
    // A plan image that cannot be read only costs the plan page's picture, never the report.
    const dataUrl = image ? await imageToDataUrl(image).catch(() => null) : null;
    const planImage = image && dataUrl ? { dataUrl, widthPx: image.widthPx, heightPx: image.heightPx } : undefined;
    saveBlob(buildReport({ ...input, productName: PRODUCT_NAME, planImage }).output('blob'), name);
  } catch (e) {
    console.error('PDF generation failed', e);
    alert(`PDF generation failed: ${e instanceof Error ? e.message : String(e)}. Please check the console for more details.`);
    try {
      saveBlob(new Blob([buildTextReport({ ...input, productName: PRODUCT_NAME })], { type: 'text/plain' }), name.replace(/\.pdf$/, '.txt'));
    } catch {
      alert('Both PDF and text export failed. Please contact support.');
    }
  }
}
