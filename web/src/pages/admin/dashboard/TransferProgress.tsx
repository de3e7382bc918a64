/** A push's or an import's progress: what it says, and a bar by bytes. */
export function TransferProgress({ text, done, total }: { text: string; done: number; total: number }) {
  const percent = total ? Math.floor((done / total) * 100) : 0;
  return (
    <div className="hx-backup__progress">
      <span className="hx-small">{text}</span>
      <div className="hx-progress" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
