// The program of the layer link check (CMakeLists.txt): it only has to link.
int main() { return 0; }
