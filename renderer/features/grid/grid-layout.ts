/** Sizes of the grid shared by its header, rows and skeleton; they must agree with grid.css. */
export const ROW_HEIGHT = 34;
/** The sticky header: 40 px cells and a 1 px border (grid.css). */
export const HEADER_HEIGHT = 41;
export const SELECT_WIDTH = 40;
