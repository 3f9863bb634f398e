/** Hands the browser a text file to save under `fileName` (the reports' CSV exports). */
export const saveTextFile = (fileName: string, contentType: string, content: string): void => {
  // A byte-order mark, so spreadsheet programs read the file as UTF-8 (names in any script).
  const blob = new Blob(['\ufeff', content], { type: `${contentType};charset=utf-8` });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the download has started by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
