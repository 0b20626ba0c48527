package io.liveharness.ingress;

/** A request the API refuses: the HTTP status, the field at fault (or null) and why. */
public final class ApiError extends RuntimeException {
    private final int status;
    private final String field;

    public ApiError(int status, String field, String message) {
        super(message);
        this.status = status;
        this.field = field;
    }

    public static ApiError badField(String field, String message) { return new ApiError(400, field, message); }

    public int status() { return status; }

    public String field() { return field; }
}
