/** A table of text: a header row of columns, then the rows; the first cell of each row a row header when asked. */
export function DataTable(props: {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly (string | number)[])[];
  readonly caption?: string;
  readonly rowHeaders?: boolean;
  readonly className?: string;
  readonly testId?: string;
}) {
  return (
    <table {...(props.className ? { className: props.className } : {})} {...(props.testId ? { 'data-testid': props.testId } : {})}>
      {props.caption !== undefined && <caption>{props.caption}</caption>}
      <thead>
        <tr>
          {props.columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row, i) => (
          <tr key={i}>
            {row.map((cell, j) =>
              props.rowHeaders && j === 0 ? (
                <th key={j} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={j}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
