/** A post's counts as labelled figures: the owner panel's analytics, and the counts of a post as it was. */
export function PostFigures({ label, figures }: { label: string; figures: readonly (readonly [string, number])[] }) {
  return (
    <dl className="detail-owner__figures" aria-label={label}>
      {figures.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
