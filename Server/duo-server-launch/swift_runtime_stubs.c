// The two functions the toolchain's `swiftrt.o` (linked into every
// executable SwiftPM makes, even one with no Swift code) calls into the
// Swift runtime. This program has no Swift code, so it has nothing to
// register; defining them here keeps the linker from pulling the whole
// static runtime (about 9 MB, and a link warning about `dlopen` in a static
// program) into a launcher whose only job is to start fast. Should a later
// toolchain call something else, the runtime is linked in as before: the
// launcher gets bigger, not broken.
void swift_addNewDSOImage(const void *sections) { (void)sections; }

int _swift_backtrace_isThunkFunction(const char *name) {
    (void)name;
    return 0;
}
