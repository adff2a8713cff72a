/** The engine's rules for documents' text and CSV cells, for an API's own routes and actions (imports, exports). */
export {
  CellError,
  cellsReader,
  csvHeader,
  csvLayout,
  type MapColumns,
  recordOfCells,
} from './document/csv-cells.js';
export { assertStorable, isStorableText, UNSTORABLE_RULE, unstorableField } from './document/storable-text.js';
