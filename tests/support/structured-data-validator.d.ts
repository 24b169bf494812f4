// The validator ships JavaScript without types; what the tests use of it.
declare module '@adobe/structured-data-validator' {
  export default class StructuredDataValidator {
    validate(data: { jsonld: Record<string, unknown[]> }): Promise<unknown[]>;
  }
}
