/** A control character a terminal would obey (all but the line feed that ends a line). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const OBEYED_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
