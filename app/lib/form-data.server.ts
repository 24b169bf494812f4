/** The request's form fields; a body that is not a form yields an empty one (validation then answers 400, never 500). */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
